/**
 * A ref callback that scrolls the element it is given fully into view the nearest way, sideways
 * scrolling tables included, once when it mounts: an inline edit's Save and Cancel land where
 * they can be pressed instead of past the right edge of a table that scrolls sideways. Does
 * nothing where `scrollIntoView` is missing (jsdom).
 * @example <Group ref={revealOnMount}>...</Group>
 */
export function revealOnMount(element: HTMLElement | null): void {
  element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}
