import type { Services } from './app.ts';
import type { Db } from './db/client.ts';

/**
 * Idempotent start-up data: parameters, currencies, fee schedule, content in every language, the
 * market's instruments and, on a local install, the demo login. Runs on every start; existing rows
 * are left as they are.
 */
export async function seedPlatform(
  services: Services,
  db: Db,
  demoLogin: { username: string; email: string; password: string } | null,
) {
  await db.transaction(async (tx) => {
    await services.params.seed(tx);
    await services.ledger.seedCurrencies(tx);
    await services.deposits.seed(tx);
    await services.fees.seed(tx);
    await services.levels.seed(tx);
    await services.content.seed(tx);
    await services.market.seed(tx);
    await services.spot.seed(tx);
    // Loan products on a fresh platform, their interest-free days the parameter loan_free_days.
    const freeDays = Number((await services.params.lock(tx, 'loan_free_days'))?.value ?? '3');
    await services.loans.products.seed(tx, Number.isSafeInteger(freeDays) && freeDays >= 0 ? freeDays : 3);
    // Smart plan products on a fresh platform, and their USDT earn treasury funded once from the
    // platform's treasury with the parameter earn_treasury_seed.
    await services.earn.products.seed(tx);
    const earnSeed = (await services.params.lock(tx, 'earn_treasury_seed'))?.value ?? '1000000';
    await services.earn.seedTreasury(tx, 'USDT', earnSeed);
    if (demoLogin) await services.auth.ensureUser(tx, demoLogin);
  });
  // Option series on a fresh platform, once the instruments they list are committed.
  await services.options.series.seed();
  // Charity NFTs on a fresh platform: a charity, a collection and live auctions with generated images.
  await services.nfts.seed();
  await services.supportCanned.seed();
}
