/** The auth module's face: what other code may use of it (the rest of the folder is its own). */
export { type AuthService, type AuthSession, type AuthUser, createAuthService } from './auth.service';
export type { ScryptCost } from './password-hash';
