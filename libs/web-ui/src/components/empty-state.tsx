import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3;
}

export function EmptyState({ icon, title, description, action, headingLevel = 3 }: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h3';
  return (
    <div className="vui-empty">
      {icon ? (
        <div className="vui-empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="vui-empty__title">{title}</Heading>
      {description ? <p className="vui-empty__text">{description}</p> : null}
      {action ? <div className="vui-empty__action">{action}</div> : null}
    </div>
  );
}
