import { useId, useState } from 'react';
import { useNavigate } from '@vere/web-router';
import { isApiError } from '@vere/web-session';
import { Banner, Button, Card, TextField, notify } from '@vere/web-ui';
import { AllowanceNote } from '../features/pods/components/allowance-note';
import { POD_DESCRIPTION_MAX, POD_NAME_MAX, validatePodForm } from '../features/pods/validation';
import type { PodFormErrors } from '../features/pods/validation';
import { useCreatePod } from '../features/pods/api/create-pod';
import { errorMessage } from '../shared/utils/error-message';
import { PageHeader } from './page-header';

export function CreatePodPage() {
  const navigate = useNavigate();
  const create = useCreatePod();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<PodFormErrors>({});
  const descId = useId();
  const limitReached = isApiError(create.error) && create.error.code === 'POD_CREATION_LIMIT_REACHED';
  const serverField =
    isApiError(create.error) && create.error.code === 'VALIDATION_FAILED' ? create.error.field : undefined;

  return (
    <div className="vui-page">
      <PageHeader back title="Create a Pod" subtitle="Name your crew, then share the invite link with friends." />
      <div className="cn-narrow">
        <div className={limitReached ? 'cn-limit cn-limit--hit' : 'cn-limit'}>
          <AllowanceNote showCreate={false} />
        </div>
        <Card>
          <form
            className="cn-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const found = validatePodForm(name, description);
              setErrors(found);
              if (found.name || found.description) return;
              const d = description.trim();
              create.mutate(
                { name: name.trim(), ...(d ? { description: d } : {}) },
                {
                  onSuccess: (pod) => {
                    notify.success(`${pod.name} is ready. Invite your friends!`);
                    void navigate(`/pods/${encodeURIComponent(pod.id)}`, { replace: true });
                  },
                },
              );
            }}
          >
            <TextField
              label="Pod name"
              value={name}
              maxLength={POD_NAME_MAX + 10}
              autoComplete="off"
              required
              error={errors.name ?? (serverField === 'name' ? errorMessage(create.error) : null)}
              hint={`${name.trim().length}/${POD_NAME_MAX}`}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
            />
            <div className={errors.description ? 'vui-field vui-field--invalid' : 'vui-field'}>
              <label className="vui-field__label" htmlFor={descId}>
                Description (optional)
              </label>
              <textarea
                id={descId}
                className="vui-field__input cn-textarea"
                rows={3}
                value={description}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={`${descId}-hint${errors.description ? ` ${descId}-error` : ''}`}
                onChange={(e) => {
                  setDescription(e.target.value);
                  setErrors((x) => ({ ...x, description: undefined }));
                }}
              />
              {errors.description ? (
                <p className="vui-field__error" id={`${descId}-error`}>
                  {errors.description}
                </p>
              ) : null}
              <p className="vui-field__hint" id={`${descId}-hint`}>
                {description.trim().length}/{POD_DESCRIPTION_MAX}
              </p>
            </div>
            {create.isError && !serverField ? <Banner>{errorMessage(create.error)}</Banner> : null}
            <Button type="submit" block loading={create.isPending}>
              Create Pod
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}
