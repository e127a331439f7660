/** Client copies of the server's rules (CreatePodBodySchema): name 1–50 trimmed, description ≤ 280. */
export const POD_NAME_MAX = 50;
export const POD_DESCRIPTION_MAX = 280;

export interface PodFormErrors {
  name?: string;
  description?: string;
}

export function validatePodForm(name: string, description: string): PodFormErrors {
  const errors: PodFormErrors = {};
  const n = name.trim();
  if (n.length === 0) errors.name = 'Give your pod a name.';
  else if (n.length > POD_NAME_MAX) errors.name = `Keep the name to ${POD_NAME_MAX} characters or fewer.`;
  if (description.trim().length > POD_DESCRIPTION_MAX) errors.description = `Keep the description to ${POD_DESCRIPTION_MAX} characters or fewer.`;
  return errors;
}
