import { useEffect, useState } from 'react';
import { AVATAR_PARTS, defaultAvatarConfig, randomAvatarConfig } from '@vere/domain';
import type { AvatarConfig, AvatarPart } from '@vere/domain';
import { Avatar } from './avatar';
import { Button } from './button';
import { Dialog } from './dialog';
import { IconShuffle } from './icons';
import './avatar-creator.css';

export interface AvatarCreatorProps {
  open: boolean;
  /** Makes the avatar stable for its owner (the user id, or the e-mail before sign-up). */
  seed: string;
  /** Name for the preview's fallback initial and its description. */
  name: string;
  /** The avatar being edited; a new one starts from the spec defaults. */
  initial?: AvatarConfig | null | undefined;
  saving?: boolean;
  saveLabel?: string;
  onSave(config: AvatarConfig): void;
  onClose(): void;
}

const COLOR_PARTS: ReadonlySet<AvatarPart> = new Set(['backgroundColor', 'skinColor', 'hairColor']);

/** "Create Your Avatar": a live preview, a picker per part, Randomize and Save Avatar. */
export function AvatarCreator({
  open,
  seed,
  name,
  initial,
  saving = false,
  saveLabel = 'Save Avatar',
  onSave,
  onClose,
}: AvatarCreatorProps) {
  const [config, setConfig] = useState<AvatarConfig>(() => initial ?? defaultAvatarConfig(seed));
  useEffect(() => {
    if (open) setConfig(initial ?? defaultAvatarConfig(seed));
  }, [open, initial, seed]);

  const choose = (part: AvatarPart, value: string) => setConfig((c) => ({ ...c, [part]: [value] }));

  return (
    <Dialog
      open={open}
      title="Create Your Avatar"
      onClose={onClose}
      className="vui-avatar-creator"
      footer={
        <>
          <Button
            variant="secondary"
            icon={<IconShuffle size={18} />}
            onClick={() => setConfig(randomAvatarConfig(config.seed))}
            disabled={saving}
          >
            Randomize
          </Button>
          <Button onClick={() => onSave(config)} loading={saving}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <div className="vui-avatar-creator__preview" aria-live="polite">
        <Avatar name={name} seed={seed} size="xl" config={config} label={`Avatar preview for ${name || 'you'}`} />
      </div>
      {(Object.keys(AVATAR_PARTS) as AvatarPart[]).map((part) => (
        <fieldset key={part} className="vui-avatar-creator__part">
          <legend className="vui-avatar-creator__legend">{AVATAR_PARTS[part].label}</legend>
          <div className="vui-avatar-creator__options">
            {AVATAR_PARTS[part].options.map((option) => (
              <label key={option.value} className="vui-avatar-creator__option">
                <input
                  type="radio"
                  name={`avatar-${part}`}
                  value={option.value}
                  checked={config[part][0] === option.value}
                  onChange={() => choose(part, option.value)}
                />
                <span className="vui-avatar-creator__chip">
                  {COLOR_PARTS.has(part) ? (
                    <span
                      className={`vui-avatar-creator__swatch${option.value === 'transparent' ? ' vui-avatar-creator__swatch--transparent' : ''}`}
                      style={option.value === 'transparent' ? undefined : { background: `#${option.value}` }}
                      aria-hidden="true"
                    />
                  ) : null}
                  {option.label}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </Dialog>
  );
}
