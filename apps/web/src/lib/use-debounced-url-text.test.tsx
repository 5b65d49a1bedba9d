import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedUrlText } from './use-debounced-url-text';

describe('useDebouncedUrlText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (initial = '') => {
    const commit = vi.fn();
    const hook = renderHook(({ url }) => useDebouncedUrlText(url, commit, 400), {
      initialProps: { url: initial },
    });
    return { commit, hook };
  };

  it('writes the URL once, 400 ms after the last keystroke', () => {
    const { commit, hook } = setup();
    act(() => hook.result.current[1]('j'));
    act(() => vi.advanceTimersByTime(300));
    act(() => hook.result.current[1]('ja'));
    act(() => vi.advanceTimersByTime(399));
    expect(commit).not.toHaveBeenCalled();
    expect(hook.result.current[0]).toBe('ja');
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith('ja');
  });

  it('trims, and does not write again for a trailing space', () => {
    const { commit, hook } = setup('ja');
    act(() => hook.result.current[1]('ja '));
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).not.toHaveBeenCalled();
    act(() => hook.result.current[1]('  jane '));
    act(() => vi.advanceTimersByTime(400));
    expect(commit).toHaveBeenCalledWith('jane');
  });

  it('takes a URL change made elsewhere (back button) without writing it back', () => {
    const { commit, hook } = setup('jane');
    hook.rerender({ url: 'bob' });
    expect(hook.result.current[0]).toBe('bob');
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).not.toHaveBeenCalled();
  });

  it('keeps what is being typed when the URL catches up with it', () => {
    const { commit, hook } = setup();
    act(() => hook.result.current[1]('ann '));
    act(() => vi.advanceTimersByTime(400));
    expect(commit).toHaveBeenCalledWith('ann');
    hook.rerender({ url: 'ann' });
    expect(hook.result.current[0]).toBe('ann ');
  });

  it('clearing the box clears the URL value', () => {
    const { commit, hook } = setup('ann');
    act(() => hook.result.current[1](''));
    act(() => vi.advanceTimersByTime(400));
    expect(commit).toHaveBeenCalledWith('');
  });
});
