import { Tour } from '@vere/web-ui';
import type { TourName } from '@vere/web-kit';
import type { TourStep } from '@vere/web-ui';

/**
 * Step lists of the guided tutorials. Targets are `data-tour` attributes the pages put on their
 * elements; a step whose target is not on the page is shown centred, so a page can change
 * without breaking its tour.
 */
const TOURS: Record<TourName, { label: string; steps: readonly TourStep[] }> = {
  home: {
    label: 'Home tour',
    steps: [
      {
        title: 'Welcome to Vere',
        content: 'This is your home base. Pick a challenge, earn XP and level up — solo or with your crew.',
      },
      {
        title: 'Daily sidequests',
        content: 'Quick 5–15 minute dares. Swipe right to accept, left to skip. Each one done is +20 XP.',
        target: '[data-tour="daily"]',
      },
      {
        title: "This week's challenge",
        content: 'One bigger challenge a week. Complete it with proof for +120 XP and keep your weekly streak alive.',
        target: '[data-tour="weekly"]',
      },
      {
        title: 'Weekend sidequests',
        content: 'Longer 1–4 hour adventures that open Friday evening. +60 XP each.',
        target: '[data-tour="weekend"]',
      },
      {
        title: 'Your level',
        content: 'Every challenge adds XP. Levels unlock bonus swipes, playbooks and pod creation.',
        target: '[data-tour="level"]',
      },
      {
        title: 'Bring your friends',
        content: 'Connect is where your friends and pods live: share proof and build a pod streak together.',
        target: '[data-tour="nav-connect"]',
      },
    ],
  },
  challenges: {
    label: 'Challenge tour',
    steps: [
      {
        title: "This week's challenge",
        content: 'Everyone gets the same challenge each week. Here is what it is and why it matters.',
        target: '[data-tour="weekly-title"]',
      },
      {
        title: 'Read it through',
        content: 'Swipe or use the dots to read the preview, the why, both parts and the reflection.',
        target: '[data-tour="weekly-pages"]',
      },
      {
        title: 'Accept, then complete',
        content: 'Accept when you are in. When you have done it, complete it with a note or a photo as proof.',
        target: '[data-tour="weekly-accept"]',
      },
      {
        title: 'Keep the streak',
        content: 'Each week you complete adds to your streak. The clock shows how long this week has left.',
        target: '[data-tour="weekly-stats"]',
      },
      {
        title: 'Your victories',
        content: 'Challenges you have completed collect here, with the proof you shared.',
        target: '[data-tour="weekly-victories"]',
      },
    ],
  },
};

/**
 * One guided tutorial (its steps and the tour card). Loaded when a tour starts, so neither is on the
 * first paint's path (decision 0020).
 */
export function GuidedTour({ name, onDone }: { name: TourName; onDone(): void }) {
  const { label, steps } = TOURS[name];
  return <Tour label={label} steps={steps} onDone={onDone} />;
}
