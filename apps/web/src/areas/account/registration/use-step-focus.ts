import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a move between steps, the new step's heading takes the focus (and the screen reader's
 * attention), and a stepper scrolled under the sticky header comes back into view; the first
 * render leaves the focus alone. Call `markMoved()` before each move.
 */
export function useStepFocus(
  active: number,
  headingRef: RefObject<HTMLHeadingElement | null>,
  stepperRef: RefObject<HTMLDivElement | null>,
) {
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus({ preventScroll: true });
    // Scrolled down (a long step, or a phone): the sticky header's height is the stepper's
    // scroll margin.
    const stepper = stepperRef.current;
    if (
      stepper &&
      stepper.getBoundingClientRect().top < parseFloat(getComputedStyle(stepper).scrollMarginTop)
    ) {
      stepper.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [active, headingRef, stepperRef]);
  return {
    markMoved: () => {
      moved.current = true;
    },
  };
}
