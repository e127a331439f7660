import { useNavigate } from '@vere/web-router';
import { Button, Dialog, IconCrown, IconList } from '@vere/web-ui';

/** Spec §2.2; the upgrade is offered to non-Pro users only. Upgrades start at /vere-pro. */
export function OutOfSwipesDialog({
  open,
  isPro,
  onClose,
  onViewTodos,
}: {
  open: boolean;
  isPro: boolean;
  onClose(): void;
  onViewTodos(): void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} title="You're out of swipes" onClose={onClose} className="ch-out-dialog">
      <p className="ch-out-dialog__text">Come back tomorrow, or upgrade for 2× daily swipes.</p>
      <div className="ch-out-dialog__actions">
        <Button block icon={<IconList size={18} />} onClick={onViewTodos}>
          View To-Do List
        </Button>
        {isPro ? null : (
          <Button block variant="pro" icon={<IconCrown size={18} />} onClick={() => navigate('/vere-pro')}>
            Upgrade to Pro · 2× Swipes
          </Button>
        )}
        <Button block variant="ghost" onClick={onClose}>
          Not now
        </Button>
      </div>
    </Dialog>
  );
}
