// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissToast, toast, useToast } from './use-toast';

describe('useToast', () => {
  it('keeps only the newest notice (SPEC §9: 1 visible)', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Trigger Created', description: "Now let's embed it in your media content" });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: 'Trigger Created', open: true });
  });

  it('closes a dismissed notice before removing it', () => {
    const { result } = renderHook(() => useToast());
    let id = '';
    act(() => {
      id = toast({ title: 'Error', variant: 'destructive' }).id;
    });
    act(() => dismissToast(id));
    expect(result.current.toasts[0]).toMatchObject({ id, open: false });
  });
});
