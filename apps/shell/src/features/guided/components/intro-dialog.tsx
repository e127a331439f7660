import { useState } from 'react';
import type { ComponentType } from 'react';
import { Button, Dialog, IconBook, IconUsers, IconZap } from '@vere/web-ui';
import type { IconProps } from '@vere/web-ui';
import './intro-dialog.css';

interface Slide {
  title: string;
  text: string;
  icon: ComponentType<IconProps>;
}

/** Spec §2: the post-sign-up intro's three slides. */
export const INTRO_SLIDES: readonly Slide[] = [
  {
    title: 'Daily & Weekend Sidequests',
    text: 'Swipe through quick dares every day and longer adventures at the weekend. Accept the ones that scare you a little.',
    icon: IconZap,
  },
  {
    title: 'Pods & Friends',
    text: 'Start a pod with friends, take on the weekly challenge together and share your proof to keep the pod streak going.',
    icon: IconUsers,
  },
  {
    title: 'Action-Based Playbooks',
    text: 'Short guides that turn ideas into actions. New playbooks unlock as you level up.',
    icon: IconBook,
  },
];

export interface IntroDialogProps {
  /** "Get Started" on the last slide: finished. Skip, Escape or the close button: skipped. */
  onDone(outcome: 'finished' | 'skipped'): void;
}

export function IntroDialog({ onDone }: IntroDialogProps) {
  const [index, setIndex] = useState(0);
  const slide = INTRO_SLIDES[index]!;
  const last = index === INTRO_SLIDES.length - 1;
  const Icon = slide.icon;
  return (
    <Dialog
      open
      title="Welcome to Vere"
      closeLabel="Skip"
      onClose={() => onDone('skipped')}
      className="shell-intro"
      footer={
        <>
          <Button variant="ghost" onClick={() => onDone('skipped')}>
            Skip
          </Button>
          <span className="shell-intro__nav">
            <Button variant="secondary" disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
              Previous
            </Button>
            {last ? (
              <Button onClick={() => onDone('finished')}>Get Started</Button>
            ) : (
              <Button onClick={() => setIndex((i) => i + 1)}>Next</Button>
            )}
          </span>
        </>
      }
    >
      <div className="shell-intro__slide" aria-live="polite">
        <span className="shell-intro__icon" aria-hidden="true">
          <Icon size={40} />
        </span>
        <h3 className="shell-intro__title">{slide.title}</h3>
        <p className="shell-intro__text">{slide.text}</p>
        <p className="vui-visually-hidden">
          Slide {index + 1} of {INTRO_SLIDES.length}
        </p>
      </div>
      <div className="vui-dots shell-intro__dots" aria-hidden="true">
        {INTRO_SLIDES.map((s, i) => (
          <span key={s.title} className={i === index ? 'is-active' : undefined} />
        ))}
      </div>
    </Dialog>
  );
}
