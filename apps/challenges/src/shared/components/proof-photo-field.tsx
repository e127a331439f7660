import { useEffect, useState } from 'react';
import { IconCamera, buttonClassName } from '@vere/web-ui';
import { PHOTO_TYPES } from '@vere/web-kit';

export interface ProofPhotoFieldProps {
  /** The input's id (its label points at it). */
  id: string;
  label: string;
  file: File | null;
  onPick(file: File | null): void;
  /** The id of the form's error line, while it shows one. */
  errorId?: string;
}

/**
 * The proof-photo picker both completion forms use (a to-do's and the weekly challenge's): the
 * types the service takes, and a preview of the picked file.
 */
export function ProofPhotoField({ id, label, file, onPick, errorId }: ProofPhotoFieldProps) {
  const preview = usePreviewUrl(file);
  // The native input stays (keyboard, screen readers, the label's click) but out of sight: its
  // unstyled "Choose File / No file chosen" was wider than a phone's dialog. The label is the button.
  return (
    <div className="ch-complete__field ch-photo">
      <input
        id={id}
        className="ch-photo__input"
        type="file"
        accept={PHOTO_TYPES.join(',')}
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
        aria-describedby={errorId}
      />
      <label
        htmlFor={id}
        className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'ch-photo__button' })}
      >
        <IconCamera size={18} /> {label}
      </label>
      <span className="ch-photo__name" data-testid="photo-name">
        {file ? file.name : 'No photo chosen'}
      </span>
      {preview ? (
        <img className="ch-complete__preview" src={preview} alt={`Preview of ${file?.name ?? 'your photo'}`} />
      ) : null}
    </div>
  );
}

/** An object URL for the file while it is picked, revoked when it changes or the field goes. */
function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);
  return preview;
}
