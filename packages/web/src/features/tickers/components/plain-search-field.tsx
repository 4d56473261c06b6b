import type { MantineSize } from '@mantine/core';
import { useId } from 'react';
import type { ComponentPropsWithRef, CSSProperties } from 'react';
import type { searchFieldLook } from './search-field-look';

type FieldLook = ReturnType<typeof searchFieldLook>;

export type PlainSearchFieldProps = FieldLook &
  Omit<ComponentPropsWithRef<'input'>, keyof FieldLook | 'id' | 'className' | 'style'>;

/**
 * The suggestion field's stand-in of a first load: Mantine's TextInput markup (wrapper, label,
 * description, search icon, input; Mantine's class names, so its stylesheet draws it) written out,
 * because TextInput brings Mantine's whole Input family (about 6 KB gzipped with its clear button)
 * into every page's first load for one field that is replaced by the combobox as soon as the
 * visitor engages. `plain-search-field.test.tsx` holds the markup equal to TextInput's for the
 * looks the app uses, so a Mantine upgrade that changes it fails there.
 */
export function PlainSearchField({
  label,
  description,
  size,
  leftSection,
  ...input
}: PlainSearchFieldProps) {
  // Mantine's ids are `mantine-` and React's id; Mantine then swaps in a random one after mount,
  // which this field does not need (its id is the same on the server and in the browser).
  const id = `mantine-${useId()}`;
  const sized = sizeVariables(size);
  const descriptionId = description === undefined ? undefined : `${id}-description`;
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size={size}>
      {label !== undefined && (
        <label
          style={{ '--input-label-size': sized.fontSize } as CSSProperties}
          className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
          data-size={size}
          htmlFor={id}
          id={`${id}-label`}
        >
          {label}
        </label>
      )}
      {description !== undefined && (
        <p
          style={
            {
              '--input-description-size': `calc(${sized.fontSize} - calc(0.125rem * var(--mantine-scale)))`,
            } as CSSProperties
          }
          className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
          data-size={size}
          id={descriptionId}
        >
          {description}
        </p>
      )}
      <div
        style={
          {
            ...(description === undefined
              ? {}
              : { '--input-margin-top': 'calc(var(--mantine-spacing-xs) / 2)' }),
            '--input-height': sized.height,
            '--input-fz': sized.fontSize,
          } as CSSProperties
        }
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size={size}
        data-with-left-section="true"
      >
        <div
          data-position="left"
          className="m_82577fc2 mantine-Input-section mantine-TextInput-section"
        >
          {leftSection}
        </div>
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          {...input}
          aria-describedby={descriptionId}
          id={id}
        />
      </div>
    </div>
  );
}

/** Mantine's size variables for a named size (Input's `--input-height`, `--input-fz`). */
function sizeVariables(size: MantineSize) {
  return {
    height: `var(--input-height-${size})`,
    fontSize: `var(--mantine-font-size-${size})`,
  };
}
