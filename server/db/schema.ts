// Every table, gathered for Drizzle. Each feature keeps its tables in its own schema.ts.
import * as accounts from '../accounts/schema';
import * as actions from '../actions/schema';
import * as apiConnections from '../apiConnections/schema';
import * as auth from '../auth/schema';
import * as automation from '../automation/schema';
import * as broadcasts from '../broadcasts/schema';
import * as channels from '../channels/schema';
import * as chat from '../chat/schema';
import * as chatImport from '../chatImport/schema';
import * as contacts from '../contacts/schema';
import * as links from '../links/schema';
import * as locations from '../locations/schema';
import * as media from '../media/schema';
import * as reports from '../reports/schema';
import * as richmenus from '../richmenus/schema';
import * as settings from '../settings/schema';
import * as team from '../team/schema';
import * as templates from '../templates/schema';
import * as verification from '../verification/schema';
import * as widget from '../widget/schema';

export const schema = {
  ...accounts,
  ...actions,
  ...apiConnections,
  ...auth,
  ...automation,
  ...broadcasts,
  ...channels,
  ...chat,
  ...chatImport,
  ...contacts,
  ...links,
  ...locations,
  ...media,
  ...reports,
  ...richmenus,
  ...settings,
  ...team,
  ...templates,
  ...verification,
  ...widget,
};
