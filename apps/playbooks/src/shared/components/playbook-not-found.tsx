import { AreaNotFound } from '@vere/web-kit';

/** An id that names no playbook (or no step in it): a real not-found page. */
export function PlaybookNotFound({ what = 'playbook' }: { what?: 'playbook' | 'step' }) {
  return (
    <AreaNotFound
      description={`We couldn't find that ${what}. It may have been renamed, or the link is incomplete.`}
      backTo="/guides"
      backLabel="Back to Playbooks"
    />
  );
}
