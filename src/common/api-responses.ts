/** Answer shapes shared by every resource of the API (api-contract.md, "Conventions"). */
import { z } from 'zod';

/** `{ok:true}`: DELETE answers, logout. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
