export interface SkeletonProps {
  width?: string;
  height?: string;
  radius?: string;
}

export function Skeleton({ width = '100%', height = '1rem', radius }: SkeletonProps) {
  return <span className="vui-skeleton" aria-hidden="true" style={{ width, height, borderRadius: radius }} />;
}
