/** What a speed figure's absence or failure says: its source and its cause, never a pretend value. */
/** The server as a whole. */
export const SERVER_MESSAGES = {
  shuttingDown: 'The server is shutting down.',
} as const;
