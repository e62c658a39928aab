import type { RedisStatus } from '../../plugins/redis.js';
import type { SeedLedger } from './ecf-receiver-auth.js';

/**
 * The receiver's seed ledger with REDIS_URL (decision 162): Redis while it answers, this
 * process's memory while it is gone, so the DGII can still exchange a signed seed for a token
 * during an outage instead of getting a 500. During the outage a seed is remembered by one
 * process only: one already exchanged on another process could be exchanged once more within
 * its few minutes of validity (it is still checked, signed and unexpired).
 */
export function sharedOrLocalSeedLedger(
  shared: SeedLedger,
  local: SeedLedger,
  status: RedisStatus,
): SeedLedger {
  return {
    async claim(valor, ttlMs) {
      if (!status.up) {
        status.fellBack('ecf_seed_ledger');
        return local.claim(valor, ttlMs);
      }
      try {
        return await shared.claim(valor, ttlMs);
      } catch (err) {
        status.fellBack('ecf_seed_ledger', err);
        return local.claim(valor, ttlMs);
      }
    },
  };
}
