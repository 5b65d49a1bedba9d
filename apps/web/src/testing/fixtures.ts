import type { MeResponse } from '@slat/contracts';

/** A signed-in profile as POST /api/old/auth and /me answer it. */
export const signedInProfile: MeResponse = {
  user: {
    id: 1,
    first_name: 'Dana',
    last_name: 'W',
    email: 'd@x.example',
    country_code: 'AU',
    admin_company_id: 1,
    main_admin_access: false,
  },
  company: {
    id: 1,
    account_id: 1,
    country_id: 1,
    country_code: 'AU',
    name: 'Harbour',
    address: '1 Wharf St',
  },
  modules: { 'dealer_portal.sales': true },
};
