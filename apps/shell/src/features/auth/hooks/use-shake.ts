import { useEffect, useState } from 'react';

/** The form pulses on error (spec); CSS turns the animation off for reduced motion. */
export function useShake() {
  const [count, setCount] = useState(0);
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (count === 0) return;
    setActive(true);
    const timer = setTimeout(() => setActive(false), 450);
    return () => clearTimeout(timer);
  }, [count]);
  return { shakeClass: active ? 'is-shaking' : '', shake: () => setCount((n) => n + 1) };
}
