// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_AUTO, DEVICE_DESKTOP, DEVICE_MOBILE } from '@core/limits';
import { defaultSettings, SettingsProvider, useSettings } from './settings-context';

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(SettingsProvider, null, children);

describe('settings loaded from the server at page load', () => {
  beforeEach(() => localStorage.clear());

  it('takes the server copy when the user chose nothing meanwhile', () => {
    const { result } = renderHook(() => useSettings(), { wrapper });
    const take = result.current.startLoad();
    act(() => take({ ...defaultSettings(), deviceType: DEVICE_MOBILE }));
    expect(result.current.settings.deviceType).toBe(DEVICE_MOBILE);
  });

  it('keeps a device the user chose while the server copy was on its way', () => {
    const { result } = renderHook(() => useSettings(), { wrapper });
    const take = result.current.startLoad();
    act(() => result.current.save({ ...defaultSettings(), deviceType: DEVICE_MOBILE }));
    act(() => take({ ...defaultSettings(), deviceType: DEVICE_AUTO }));
    expect(result.current.settings.deviceType).toBe(DEVICE_MOBILE);
    expect(result.current.device).toBe(DEVICE_MOBILE);
  });

  it('a load started after the choice takes the server copy again', () => {
    const { result } = renderHook(() => useSettings(), { wrapper });
    act(() => result.current.save({ ...defaultSettings(), deviceType: DEVICE_MOBILE }));
    const take = result.current.startLoad();
    act(() => take({ ...defaultSettings(), deviceType: DEVICE_DESKTOP }));
    expect(result.current.settings.deviceType).toBe(DEVICE_DESKTOP);
  });
});
