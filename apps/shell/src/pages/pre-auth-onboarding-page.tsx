import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { Link, Navigate, useLocation, useNavigate } from '@vere/web-router';
import { completePreAuthOnboarding, useSession } from '@vere/web-session';
import {
  Button,
  IconCalendar,
  IconCheck,
  IconMessage,
  IconSparkles,
  IconTrophy,
  IconUsers,
  IconZap,
  LoadingScreen,
  Logo,
} from '@vere/web-ui';
import type { IconProps } from '@vere/web-ui';
import type { AuthRedirectState } from '../features/guards/components/require-auth';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import './pre-auth-onboarding-page.css';

interface Slide {
  key: string;
  title: string;
  text: string;
  icon: ComponentType<IconProps>;
}

/** Spec §4: the four slides, in order. */
export const ONBOARDING_SLIDES: readonly Slide[] = [
  {
    key: 'welcome',
    title: 'Your adventure starts here',
    text: 'Vere is small, brave steps out of your routine. Ready to challenge your normal?',
    icon: IconSparkles,
  },
  {
    key: 'challenges',
    title: 'One new challenge every week',
    text: 'A fresh weekly challenge, plus quick daily and weekend sidequests you swipe to accept.',
    icon: IconCalendar,
  },
  {
    key: 'pods',
    title: 'Do it solo, or with your crew',
    text: 'Start a pod with friends, share your proof and keep a pod streak alive together.',
    icon: IconUsers,
  },
  {
    key: 'progress',
    title: "See how far you've come",
    text: 'Earn XP, level up and watch your weekly streak grow.',
    icon: IconTrophy,
  },
];

/** Spec §9: 3 s per slide; the further step 2 s after the last slide shows; the friends card 1 s after a choice. */
export const SLIDE_MS = 3_000;
export const FURTHER_STEP_MS = 2_000;
export const FRIENDS_CARD_MS = 1_000;

type Stage = 'slides' | 'sample' | 'friends';

/**
 * Pre-auth onboarding for first-time visitors. Auto-advances until the visitor does anything
 * (a key, a click, a tap, focus moving in), then waits for them; it also has a pause button.
 */
export function PreAuthOnboardingPage() {
  useDocumentTitle('Welcome');
  const status = useSession((s) => s.status);
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as AuthRedirectState | null)?.from;
  const [index, setIndex] = useState(0);
  const [autoplay, setAutoplay] = useState(true);
  const [stage, setStage] = useState<Stage>('slides');
  const [furtherStep, setFurtherStep] = useState(false);
  const [choice, setChoice] = useState<'in' | 'later' | null>(null);
  const last = index === ONBOARDING_SLIDES.length - 1;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Auto-advance every 3 s until the last slide, while not paused.
  useEffect(() => {
    if (stage !== 'slides' || last || !autoplay) return undefined;
    const timer = setTimeout(() => setIndex((i) => i + 1), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [index, last, autoplay, stage]);

  // On the last slide the further step appears after 2 s (whatever the visitor does).
  useEffect(() => {
    if (!last || furtherStep) return undefined;
    const timer = setTimeout(() => setFurtherStep(true), FURTHER_STEP_MS);
    return () => clearTimeout(timer);
  }, [last, furtherStep]);

  // The friends card follows a choice on the sample card by 1 s.
  useEffect(() => {
    if (choice === null) return undefined;
    const timer = setTimeout(() => setStage('friends'), FRIENDS_CARD_MS);
    return () => clearTimeout(timer);
  }, [choice]);

  useEffect(() => {
    if (stage !== 'slides') headingRef.current?.focus();
  }, [stage]);

  const interact = useCallback(() => setAutoplay(false), []);
  const goTo = useCallback(
    (i: number) => {
      interact();
      setIndex(Math.max(0, Math.min(ONBOARDING_SLIDES.length - 1, i)));
    },
    [interact],
  );

  // Keys anywhere on the page: any key pauses; the arrow keys move between slides.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      interact();
      if (stage !== 'slides') return;
      if (event.key === 'ArrowRight') setIndex((i) => Math.min(ONBOARDING_SLIDES.length - 1, i + 1));
      if (event.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [interact, stage]);

  const finish = (to: string) => {
    completePreAuthOnboarding();
    navigate(to, { replace: true, state: from ? ({ from } satisfies AuthRedirectState) : null });
  };

  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-in') return <Navigate to="/" replace />;

  const slide = ONBOARDING_SLIDES[index]!;
  const Icon = slide.icon;

  return (
    <main className="shell-onboarding" onPointerDown={interact} onFocus={interact}>
      <header className="shell-onboarding__top">
        <Logo size={36} />
        <Link to="/auth" className="shell-onboarding__signin" onClick={() => completePreAuthOnboarding()}>
          I have an account
        </Link>
      </header>

      {stage === 'slides' ? (
        <section className="shell-onboarding__stage" aria-roledescription="carousel" aria-label="Welcome to Vere">
          <div
            className="shell-onboarding__slide"
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${ONBOARDING_SLIDES.length}`}
            data-testid="onboarding-slide"
          >
            <span className="shell-onboarding__icon" aria-hidden="true">
              <Icon size={48} />
            </span>
            {/* Announced on change only when the visitor moved it (not while it plays by itself). */}
            <h1 className="shell-onboarding__title" aria-live={autoplay ? 'off' : 'polite'}>
              {slide.title}
            </h1>
            <p className="shell-onboarding__text">{slide.text}</p>
          </div>

          <div className="shell-onboarding__dots" role="group" aria-label="Choose a slide">
            {ONBOARDING_SLIDES.map((s, i) => (
              <button
                key={s.key}
                type="button"
                className={i === index ? 'shell-onboarding__dot is-active' : 'shell-onboarding__dot'}
                aria-label={`Slide ${i + 1}: ${s.title}`}
                aria-current={i === index ? 'step' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>

          <div className="shell-onboarding__controls">
            {!last ? (
              <>
                <Button variant="ghost" onClick={() => setAutoplay((a) => !a)} aria-pressed={!autoplay}>
                  {autoplay ? 'Pause' : 'Play'}
                </Button>
                <Button variant="secondary" onClick={() => goTo(ONBOARDING_SLIDES.length - 1)}>
                  Skip
                </Button>
                <Button onClick={() => goTo(index + 1)}>Next</Button>
              </>
            ) : furtherStep ? (
              <Button size="lg" onClick={() => setStage('sample')}>
                Show me a challenge
              </Button>
            ) : (
              <p className="shell-onboarding__hint" role="status">
                Getting your first challenge ready…
              </p>
            )}
          </div>
        </section>
      ) : stage === 'sample' ? (
        <section className="shell-onboarding__stage" aria-labelledby="onboarding-sample">
          <h1 className="shell-onboarding__title" id="onboarding-sample" tabIndex={-1} ref={headingRef}>
            Here&apos;s a taste
          </h1>
          <article className="shell-onboarding__card" data-testid="sample-challenge">
            <p className="vui-eyebrow">Sample challenge</p>
            <h2>Off Script</h2>
            <p>Change one small routine this week.</p>
          </article>
          {choice === null ? (
            <div className="shell-onboarding__controls">
              <Button variant="secondary" onClick={() => setChoice('later')}>
                Maybe Later
              </Button>
              <Button onClick={() => setChoice('in')} icon={<IconCheck size={18} />}>
                I&apos;m In!
              </Button>
            </div>
          ) : (
            <p className="shell-onboarding__hint" role="status">
              {choice === 'in' ? 'Love it. One more thing…' : 'No pressure. One more thing…'}
            </p>
          )}
        </section>
      ) : (
        <section className="shell-onboarding__stage" aria-labelledby="onboarding-friends">
          <h1 className="shell-onboarding__title" id="onboarding-friends" tabIndex={-1} ref={headingRef}>
            Want to do this with friends?
          </h1>
          <ul className="shell-onboarding__features">
            <li>
              <IconUsers size={22} aria-hidden="true" /> Create Pod
            </li>
            <li>
              <IconZap size={22} aria-hidden="true" /> Group Challenges
            </li>
            <li>
              <IconMessage size={22} aria-hidden="true" /> Post Updates
            </li>
          </ul>
          <div className="shell-onboarding__controls">
            <Button size="lg" onClick={() => finish('/auth?mode=sign-up')}>
              Let&apos;s Go!
            </Button>
          </div>
        </section>
      )}
    </main>
  );
}
