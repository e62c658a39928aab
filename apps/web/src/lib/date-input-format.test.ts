import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDisplayStore } from '../stores/display-store';
import { useDateInputFormat } from './format';

describe('useDateInputFormat (issue 32 point 12)', () => {
  afterEach(() => useDisplayStore.getState().setDateFormat('DD/MM/YYYY'));

  it('gives date pickers the user’s date format and follows a change', () => {
    const { result } = renderHook(() => [useDateInputFormat(), useDateInputFormat(true)]);
    expect(result.current).toEqual(['DD/MM/YYYY', 'DD/MM/YYYY HH:mm']);
    act(() => useDisplayStore.getState().setDateFormat('MM/DD/YYYY'));
    expect(result.current).toEqual(['MM/DD/YYYY', 'MM/DD/YYYY HH:mm']);
  });
});
