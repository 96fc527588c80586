/** Request bodies of the auth endpoints. */
import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string({ error: 'Username e password sono obbligatori' }).trim().min(1, 'Username e password sono obbligatori').max(200),
  password: z.string({ error: 'Username e password sono obbligatori' }).min(1, 'Username e password sono obbligatori').max(1000),
});

/** Presence only: the rule checks run in the service, in the spec's order, to return its messages. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().max(1000).optional().default(''),
  newPassword: z.string().max(1000).optional().default(''),
});
