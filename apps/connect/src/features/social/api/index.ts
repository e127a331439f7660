/**
 * Kept only for features/pods/rules.test.ts, which the pods branch owns and which still imports the
 * search rule from the old `features/social/api.ts`. Delete this file once that test imports
 * `../../social/api/search-users` (or the rule moves to libs/domain). Nothing else may import it.
 */
export { isSearchable, searchPath } from './search-users';
