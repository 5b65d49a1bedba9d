// The accounts module's only door: onboarding a dealer (CLI, demo seed, test factories). No routes:
// there is no public sign-up.
export { AccountError, createDealerAccount, type NewDealerAccount } from './accounts.service';
