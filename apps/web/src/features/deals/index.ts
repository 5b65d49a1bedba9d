// The deals feature's public door. The phase names the dashboard shows are the deals' strings.
import './strings';

export { dashboardDealsQueryOptions } from './api/deals';
