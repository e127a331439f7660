import { Link } from '@vere/web-router';
import { IconCrown, IconPlus, Skeleton, buttonClassName } from '@vere/web-ui';
import { POD_RULE, allowanceLine, atCreationCap, capReason } from '../allowance';
import { useAllowance } from '../api/get-allowance';

/** Create Pod with the numbers behind it; at the cap it says why and offers Pro to free users. */
export function AllowanceNote({ showCreate = true }: { showCreate?: boolean }) {
  const { data, isPending, isError } = useAllowance();
  if (isPending) return <Skeleton width="100%" height="72px" radius="16px" />;
  if (isError || !data) {
    // Creating stays possible: the server decides and explains a refusal.
    return (
      <div className="cn-allowance" data-testid="pod-allowance">
        <p className="cn-muted cn-small">{POD_RULE}</p>
        {showCreate ? <CreateLink /> : null}
      </div>
    );
  }
  const full = atCreationCap(data);
  return (
    <div className={full ? 'cn-allowance cn-allowance--full' : 'cn-allowance'} data-testid="pod-allowance">
      <p className="cn-allowance__line">{full ? capReason(data) : allowanceLine(data)}</p>
      <p className="cn-muted cn-small">{POD_RULE}</p>
      <div className="cn-allowance__actions">
        {full ? (
          !data.isPro ? (
            <Link to="/vere-pro" className={buttonClassName({ variant: 'pro' })}>
              <IconCrown size={18} />
              Get Vere Pro
            </Link>
          ) : null
        ) : showCreate ? (
          <CreateLink />
        ) : null}
      </div>
    </div>
  );
}

function CreateLink() {
  return (
    <Link to="/create-pod" className={buttonClassName()}>
      <IconPlus size={18} />
      Create Pod
    </Link>
  );
}
