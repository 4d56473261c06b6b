import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import classes from './fade-in-section.module.css';

/** Spec §9: a section fades in once 20 % of it is visible. */
export const FADE_IN_THRESHOLD = 0.2;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * A landing section that fades in when a fifth of it scrolls into view (IntersectionObserver),
 * once. Visitors who ask for reduced motion (and browsers without the observer) see it at once.
 */
export function FadeInSection({
  children,
  labelledBy,
  className,
}: {
  children: ReactNode;
  labelledBy: string;
  className?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(
    () => prefersReducedMotion() || typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: FADE_IN_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <section
      ref={ref}
      aria-labelledby={labelledBy}
      className={`${classes.section} ${className ?? ''}`}
      data-fade-in
      data-visible={visible || undefined}
    >
      {children}
    </section>
  );
}
