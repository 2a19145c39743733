import { errorResponseSchema } from '@core/schemas/common';

/** What the workspace routes are documented with: their tag and the refusals they answer. */
export const workspaceDocs = {
  tags: ['workspaces'],
  errors: {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  },
};
