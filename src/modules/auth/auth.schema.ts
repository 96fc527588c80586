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

// ---- Response shapes (api-contract.md, "Auth").

export const authUserSchema = z.object({ id: z.number(), username: z.string() });
export type AuthUser = z.infer<typeof authUserSchema>;

/** POST /api/auth/login. */
export const loginResponseSchema = z.object({ token: z.string().min(1), user: authUserSchema });
/** GET /api/auth/verify. */
export const verifyResponseSchema = z.object({ user: authUserSchema });
/** POST /api/auth/change-password. */
export const changePasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
