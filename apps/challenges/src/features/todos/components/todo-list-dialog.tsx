import { useState } from 'react';
import { useQueryClient } from '@vere/web-query';
import type { Todo } from '@vere/contracts';
import { dispatchAppEvent } from '@vere/web-kit';
import { isApiError } from '@vere/web-session';
import { Button, Dialog, IconCheck, IconTrash, IconZap, Skeleton, notify } from '@vere/web-ui';
import { useProgress } from '../../../shared/api/get-progress';
import { DailyXp } from '../../../shared/components/daily-xp';
import { deleteTodo } from '../api/delete-todo';
import { todosQueryKey, useTodos } from '../api/get-todos';
import { CompleteForm } from './complete-form';

/** Spec §2.2 "My To-Do List": daily XP, total XP, Pending and Completed, complete and delete. */
export function TodoListDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} title="My To-Do List" onClose={onClose} className="ch-todo-dialog">
      {open ? <TodoListBody onClose={onClose} /> : null}
    </Dialog>
  );
}

function TodoListBody({ onClose }: { onClose(): void }) {
  const todos = useTodos();
  const progress = useProgress();
  const [completing, setCompleting] = useState<string | null>(null);
  // The page's toasts sit under a modal dialog, so the dialog repeats the last result itself.
  const [flash, setFlash] = useState('');

  if (todos.isPending) {
    return (
      <div aria-busy="true">
        <span className="vui-visually-hidden" role="status">
          Loading your to-dos
        </span>
        <Skeleton height="64px" />
      </div>
    );
  }
  if (todos.isError) {
    return (
      <div role="alert" className="ch-todo__error">
        <p>{`Failed to fetch todos: ${isApiError(todos.error) ? todos.error.message : 'Please try again.'}`}</p>
        <Button size="sm" variant="secondary" loading={todos.isFetching} onClick={() => void todos.refetch()}>
          Retry
        </Button>
      </div>
    );
  }

  const { pending, completed, xpToday } = todos.data;
  return (
    <div className="ch-todo">
      <p className="ch-todo__flash" role="status" data-testid="todo-flash">
        {flash}
      </p>
      <DailyXp xpToday={xpToday} />
      {progress.data ? (
        <p className="ch-todo__total" data-testid="todo-total-xp">
          <IconZap size={16} /> {progress.data.totalXP} XP total
        </p>
      ) : null}
      {pending.length === 0 && completed.length === 0 ? (
        <div className="ch-todo__empty">
          <p className="ch-todo__empty-title">Nothing on your list yet</p>
          <p>Swipe right on a sidequest to add it here.</p>
        </div>
      ) : null}
      {pending.length > 0 ? (
        <section aria-labelledby="ch-todo-pending">
          <h3 id="ch-todo-pending" className="ch-todo__heading">
            Pending ({pending.length})
          </h3>
          <ul className="ch-todo__list">
            {pending.map((todo) => (
              <li key={todo.id} className="ch-todo__item" data-testid="todo-pending">
                <TodoSummary todo={todo} />
                {completing === todo.id ? (
                  <CompleteForm
                    todo={todo}
                    onDone={() => setCompleting(null)}
                    onCompleted={setFlash}
                    onLevelUp={onClose}
                  />
                ) : (
                  <TodoActions todo={todo} onComplete={() => setCompleting(todo.id)} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {completed.length > 0 ? (
        <section aria-labelledby="ch-todo-completed">
          <h3 id="ch-todo-completed" className="ch-todo__heading">
            Completed ({completed.length})
          </h3>
          <ul className="ch-todo__list">
            {completed.map((todo) => (
              <li key={todo.id} className="ch-todo__item is-done" data-testid="todo-completed">
                <TodoSummary todo={todo} />
                <span className="ch-todo__done">
                  <IconCheck size={16} /> Done
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function TodoSummary({ todo }: { todo: Todo }) {
  return (
    <div className="ch-todo__summary">
      <p className="ch-todo__title">{todo.title}</p>
      <p className="ch-todo__description">{todo.description}</p>
      <p className="ch-todo__meta">
        <span className="ch-chip">{todo.type === 'weekend_sidequest' ? 'Weekend' : 'Daily'}</span>
        <span className="ch-chip ch-chip--xp">+{todo.xpReward} XP</span>
      </p>
    </div>
  );
}

function TodoActions({ todo, onComplete }: { todo: Todo; onComplete(): void }) {
  const client = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteTodo(todo.id);
      dispatchAppEvent('todo-updated', { todoId: todo.id, change: 'deleted' });
      await client.invalidateQueries({ queryKey: todosQueryKey });
    } catch (error) {
      notify.error(`Failed to delete todo: ${isApiError(error) ? error.message : 'Please try again.'}`);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <div className="ch-todo__actions">
      <Button size="sm" icon={<IconCheck size={16} />} onClick={onComplete} aria-label={`Complete ${todo.title}`}>
        Complete
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={<IconTrash size={16} />}
        loading={deleting}
        onClick={() => void remove()}
        aria-label={`Delete ${todo.title}`}
      >
        Delete
      </Button>
    </div>
  );
}
