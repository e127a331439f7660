// Built-in sample sidequests (spec §4.2: shown while the server's list is empty; §9: 25–60 XP
// daily, 150–300 XP weekend). They are a preview only: the server decides what can be accepted
// and what XP counts, so a sample is never sent to it and never uses a swipe (decision 0025).
import type { Sidequest, SidequestType } from '@vere/contracts';

type Sample = Omit<Sidequest, 'type' | 'createdAt'>;

const DAILY: Sample[] = [
  {
    id: 'sample-daily-1',
    category: 'mind',
    title: 'Morning Gratitude',
    description: 'Before you open any app, write down three things you are grateful for today.',
    duration: '5 min',
    xp: 25,
    bgColor: '#7c3aed',
    bgColor2: '#db2777',
    bgColor3: null,
  },
  {
    id: 'sample-daily-2',
    category: 'social',
    title: 'Talk to a Neighbour',
    description: 'Say hello to a neighbour you usually only nod at, and ask them one question about their day.',
    duration: '5-10 min',
    xp: 40,
    bgColor: '#0ea5e9',
    bgColor2: '#6366f1',
    bgColor3: null,
  },
  {
    id: 'sample-daily-3',
    category: 'mind',
    title: 'Learn a Word',
    description: 'Learn how to say "thank you" in a language you do not speak, and use it once today.',
    duration: '10 min',
    xp: 30,
    bgColor: '#f97316',
    bgColor2: '#e11d48',
    bgColor3: null,
  },
  {
    id: 'sample-daily-4',
    category: 'home',
    title: 'Tidy One Corner',
    description: 'Pick one drawer, shelf or corner and make it something you are glad to look at.',
    duration: '10-15 min',
    xp: 60,
    bgColor: '#059669',
    bgColor2: '#0d9488',
    bgColor3: null,
  },
];

const WEEKEND: Sample[] = [
  {
    id: 'sample-weekend-1',
    category: 'nature',
    title: 'Sunrise Hike',
    description: 'Find a hill, a roof or a park and watch the sun come up. Leave the headphones at home.',
    duration: '2-3 hours',
    xp: 200,
    bgColor: '#f59e0b',
    bgColor2: '#dc2626',
    bgColor3: null,
  },
  {
    id: 'sample-weekend-2',
    category: 'creativity',
    title: 'Cook Something New',
    description: 'Cook a dish from a cuisine you have never cooked before, and share it with someone.',
    duration: '1-2 hours',
    xp: 150,
    bgColor: '#16a34a',
    bgColor2: '#0891b2',
    bgColor3: null,
  },
  {
    id: 'sample-weekend-3',
    category: 'mind',
    title: 'Day Without Screens',
    description: 'Spend four waking hours with every screen switched off. Notice what you reach for.',
    duration: '4 hours',
    xp: 300,
    bgColor: '#4f46e5',
    bgColor2: '#9333ea',
    bgColor3: null,
  },
];

const EPOCH = '1970-01-01T00:00:00.000Z';

export function sampleQuests(type: SidequestType): Sidequest[] {
  return (type === 'daily' ? DAILY : WEEKEND).map((s) => ({ ...s, type, createdAt: EPOCH }));
}
