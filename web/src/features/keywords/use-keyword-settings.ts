import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { DEFAULT_KEYWORD_SETTINGS } from '@core/keywords/settings';
import { keywordSettingsSchema, type KeywordSettings } from '@core/schemas/keywords';
import { readStored, STORAGE_KEYS, writeStored } from '../../app/storage';
import { keywordSettingsQuery, keywordsApi } from './keywords-api';

/**
 * Keyword settings: kept in browser storage, and on the server for signed-in
 * users, whose saved copy wins when it arrives; a save in this visit wins over both.
 */
export function useKeywordSettings(token: string) {
  const [stored] = useState<KeywordSettings>(() =>
    readStored(STORAGE_KEYS.keywordSettings, keywordSettingsSchema, DEFAULT_KEYWORD_SETTINGS),
  );
  const [saved, setSaved] = useState<KeywordSettings | null>(null);
  const server = useQuery({ ...keywordSettingsQuery(token), enabled: Boolean(token) });

  const upload = useMutation({
    mutationFn: (next: KeywordSettings) => keywordsApi.saveSettings(token, next),
    onError: (error) => console.error('keyword settings were not saved on the server', error),
  });
  const { mutate } = upload;

  const save = useCallback(
    (next: KeywordSettings) => {
      writeStored(STORAGE_KEYS.keywordSettings, next);
      setSaved(next);
      if (token) mutate(next);
    },
    [token, mutate],
  );
  return { settings: saved ?? server.data ?? stored, save };
}
