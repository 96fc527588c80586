/**
 * The password-hash cost the tests inject: production's scrypt (N = 2^15, ~32 MiB, a few hundred ms of
 * CPU per hash on this machine) run for every test's admin, dummy hash and login made the suite spend
 * minutes hashing. What the tests check (who may sign in, same answer for wrong password and unknown
 * user) does not depend on the cost; auth.test.ts keeps production's cost where it does (the timing
 * test) and checks that the default is production's.
 */
import type { ScryptCost } from '../../src/modules/auth';

export const TEST_SCRYPT_COST: ScryptCost = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });
