import { podFieldErrors, type PodFieldErrors } from '@vere/domain';

/** The pod field limits the service enforces (one source: @vere/domain), for the form's counters. */
export { POD_DESCRIPTION_MAX, POD_NAME_MAX } from '@vere/domain';

export type PodFormErrors = PodFieldErrors;

/** The create and rename forms' errors, before anything is sent (the service checks the same limits). */
export function validatePodForm(name: string, description: string): PodFormErrors {
  return podFieldErrors(name, description);
}
