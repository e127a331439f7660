import { useQuery } from '@vere/web-query';
import type { AssessmentDashboard } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { assessmentsQueryKey } from './get-assessments';

export const dashboardQueryKey = [...assessmentsQueryKey, 'dashboard'] as const;

/** Every result over time, the change since the last take, and friends' view (from 3 ratings). */
export const dashboardQueryOptions = () =>
  getQueryOptions<AssessmentDashboard>(dashboardQueryKey, '/api/quests/assessments/dashboard');

export const useDashboard = () => useQuery(dashboardQueryOptions());
