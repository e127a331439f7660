import { useEffect, useState } from 'react';
import { IconCamera } from '@vere/web-ui';
import { PHOTO_TYPES } from '../api/upload-photo';

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
  return (
    <div className="ch-complete__field">
      <label htmlFor={id} className="ch-complete__photo-label">
        <IconCamera size={18} /> {label}
      </label>
      <input
        id={id}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
        aria-describedby={errorId}
      />
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
