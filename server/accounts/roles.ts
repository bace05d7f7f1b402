// The roles a new workspace starts with. Level 1 is full access (spec 6); level 3 sees the
// unread count of other agents added to its own.
// Their names are stored in English; the console shows them translated (core/access/roleNames.ts).
export { BUILT_IN_ROLES as DEFAULT_ROLES } from '../../core/access/roleNames';

export const FULL_ACCESS_LEVEL = 1;
