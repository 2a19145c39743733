import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  DEFAULT_COUNTRY,
  DEFAULT_GOOGLE_DOMAIN,
  DEFAULT_LANGUAGE,
  DEFAULT_DEVICE_TYPE,
  DEVICE_DESKTOP,
  DEVICE_MOBILE,
  DEVICE_TYPES,
  MOBILE_BREAKPOINT_PX,
} from '@core/limits';
// Valibot: the shell reads stored settings on every page (see core/schemas/session.ts).
import * as v from 'valibot';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';
import { viewportWidth } from '../viewport';

const storedSettingsSchema = v.object({
  deviceType: v.picklist(DEVICE_TYPES),
  googleDomain: v.string(),
  country: v.string(),
  language: v.string(),
});
export type SearchSettings = v.InferOutput<typeof storedSettingsSchema>;

/** Device 0 means "choose by screen width": mobile at 576 px or less. */
export function resolveDevice(deviceType: number, width = viewportWidth()): 1 | 2 {
  if (deviceType === DEVICE_MOBILE || deviceType === DEVICE_DESKTOP) return deviceType;
  return width <= MOBILE_BREAKPOINT_PX ? DEVICE_MOBILE : DEVICE_DESKTOP;
}

export function defaultSettings(): SearchSettings {
  return {
    deviceType: DEFAULT_DEVICE_TYPE,
    googleDomain: DEFAULT_GOOGLE_DOMAIN,
    country: DEFAULT_COUNTRY,
    language: DEFAULT_LANGUAGE,
  };
}

type SavedListener = (settings: SearchSettings) => void;

interface SettingsValue {
  settings: SearchSettings;
  /** The device actually used: the stored choice, or the screen width's default. */
  device: 1 | 2;
  save(next: SearchSettings): void;
  /** Take the server's copy without re-running searches. */
  load(next: SearchSettings): void;
  /**
   * Starts fetching the server's copy: the returned function takes it, unless the user saved a
   * choice meanwhile (a device chosen while the page was signing in must not flip back).
   */
  startLoad(): (next: SearchSettings) => void;
  /** The term the user last searched for; the gate after closing settings needs one. */
  searchTerm: string;
  setSearchTerm(term: string): void;
  /** Pages subscribe to re-run their search after a save. */
  onSaved(listener: SavedListener): () => void;
}

const SettingsContext = createContext<SettingsValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<SearchSettings>(() =>
    readStored(STORAGE_KEYS.settings, storedSettingsSchema, defaultSettings()),
  );
  const [listeners] = useState(() => new Set<SavedListener>());
  const saves = useRef(0);
  const [searchTerm, setSearchTermState] = useState(() =>
    readStored(STORAGE_KEYS.searchTerm, v.string(), ''),
  );
  const setSearchTerm = useCallback((term: string) => {
    writeStored(STORAGE_KEYS.searchTerm, term);
    setSearchTermState(term);
  }, []);

  const save = useCallback(
    (next: SearchSettings) => {
      saves.current += 1;
      writeStored(STORAGE_KEYS.settings, next);
      setSettings(next);
      for (const listener of listeners) listener(next);
    },
    [listeners],
  );
  const load = useCallback((next: SearchSettings) => {
    writeStored(STORAGE_KEYS.settings, next);
    setSettings(next);
  }, []);
  const startLoad = useCallback(() => {
    const savesBefore = saves.current;
    return (next: SearchSettings) => {
      if (saves.current === savesBefore) load(next);
    };
  }, [load]);
  const onSaved = useCallback(
    (listener: SavedListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    [listeners],
  );

  const value = useMemo(
    () => ({
      settings,
      device: resolveDevice(settings.deviceType),
      save,
      load,
      startLoad,
      onSaved,
      searchTerm,
      setSearchTerm,
    }),
    [settings, save, load, startLoad, onSaved, searchTerm, setSearchTerm],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside SettingsProvider');
  return value;
}
