// @vitest-environment jsdom
import '../support/dom';
import fs from 'node:fs';
import path from 'node:path';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyActions, useEarlyAction } from '../../src/components/early-action';

/*
 * docs/decisions/0032-clicks-before-hydration-are-replayed.md: public/start-app.js holds clicks
 * on `[data-action]` elements the app has not made ready; useEarlyAction marks its element ready
 * once React has it and replays a held click on it, once.
 */

const START_APP = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../public/start-app.js'),
  'utf8',
);

/** The server's markup: a button with its action, not yet the app's. */
function serverPage(action: string): HTMLButtonElement {
  document.body.innerHTML = `<div id="root" data-server-rendered><button data-action="${action}">Add to cart</button></div>`;
  return document.querySelector('button')!;
}

function AddButton({ action, onAdd }: { action: string; onAdd: () => void }) {
  const early = useEarlyAction<HTMLButtonElement>(action);
  return (
    <button type="button" {...early} onClick={onAdd}>
      Add to cart
    </button>
  );
}

let listeners: [string, EventListenerOrEventListenerObject, boolean][];

beforeEach(() => {
  // start-app.js adds a document listener per run: remember them to take them off again.
  listeners = [];
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push([type, listener!, options === true]);
    add(type, listener, options);
  });
  // Run the script as the page would, without its entry (no data-entry: nothing is started).
  new Function(START_APP)();
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const [type, listener, capture] of listeners)
    document.removeEventListener(type, listener, capture);
  delete window.bazaarEarlyActions;
  document.body.innerHTML = '';
});

describe('clicks before the app has taken a server-rendered page over', () => {
  it('holds a click on an action of the server markup and shows the button busy', () => {
    const button = serverPage('add-to-cart:12');
    const reached = vi.fn();
    document.body.addEventListener('click', reached);
    button.click();
    expect(reached).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(window.bazaarEarlyActions?.take('add-to-cart:12')).toBe(true);
    // Taken once: a second take finds nothing.
    expect(window.bazaarEarlyActions?.take('add-to-cart:12')).toBe(false);
  });

  it('replays a held click once the app has the button, exactly once', async () => {
    vi.useFakeTimers();
    const server = serverPage('add-to-cart:12');
    server.click();
    server.click(); // a second impatient click is the same action, not a second one
    const onAdd = vi.fn();
    const root = document.getElementById('root')!;
    root.innerHTML = '';
    render(<AddButton action="add-to-cart:12" onAdd={onAdd} />, { container: root });
    const button = root.querySelector('button')!;
    expect(button.hasAttribute('data-action-ready')).toBe(true);
    expect(onAdd).not.toHaveBeenCalled();
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);

    // Ready now: a click goes straight to the app.
    button.click();
    expect(onAdd).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('replays nothing for a button that was not clicked early', async () => {
    vi.useFakeTimers();
    serverPage('add-to-cart:12').click();
    const onAdd = vi.fn();
    const root = document.getElementById('root')!;
    root.innerHTML = '';
    render(<AddButton action="add-to-cart:13" onAdd={onAdd} />, { container: root });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(onAdd).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('leaves clicks outside the app and on elements without an action alone', () => {
    document.body.innerHTML = `<div id="root"><button id="plain">More</button></div><button id="outside" data-action="x">x</button>`;
    const reached = vi.fn();
    document.body.addEventListener('click', reached);
    document.getElementById('plain')!.click();
    document.getElementById('outside')!.click();
    expect(reached).toHaveBeenCalledTimes(2);
    expect(window.bazaarEarlyActions?.take('x')).toBe(false);
  });

  it('on a page the browser renders, holds a click on a stand-in for its real button', async () => {
    // As main.tsx does where start-app.js is not: the app's own holder.
    for (const [type, listener, capture] of listeners)
      document.removeEventListener(type, listener, capture);
    delete window.bazaarEarlyActions;
    holdEarlyActions();
    vi.useFakeTimers();
    document.body.innerHTML = `<div id="root"><button data-action="account-menu">My Account</button></div>`;
    const standIn = document.querySelector('button')!;
    standIn.click();
    expect(standIn.getAttribute('aria-busy')).toBe('true');

    const onOpen = vi.fn();
    const root = document.getElementById('root')!;
    root.innerHTML = '';
    render(<AddButton action="account-menu" onAdd={onOpen} />, { container: root });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(onOpen).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
