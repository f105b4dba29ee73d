import { type ReactNode, useId } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';

/** What a field's control needs to be labelled and to announce its error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, one control and the control's error under it: the shape of every form field. The
 * control comes from `children`, given the id and aria attributes that tie it to the label and
 * the error, so selects and other controls get the same wiring as text inputs.
 */
export function Field({
  label,
  error,
  aside,
  hint,
  className = 'grid gap-1.5',
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  /** Shown at the label's right, e.g. a 'Forgot password?' link. */
  aside?: ReactNode;
  /** A line under the control, before the error. */
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const labelNode = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={className}>
      {aside ? (
        <div className="flex items-center justify-between">
          {labelNode}
          {aside}
        </div>
      ) : (
        labelNode
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {hint}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface TextFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  name?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  maxLength?: number;
  /** A textarea instead of a one-line input. */
  multiline?: boolean;
  aside?: ReactNode;
  className?: string;
}

/** A labelled text input (or textarea) with its error under it. */
export function TextField({
  label,
  value,
  onChange,
  error,
  multiline = false,
  aside,
  className,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  return (
    <Field label={label} error={error} aside={aside} className={className}>
      {(control) =>
        multiline ? (
          <Textarea
            {...control}
            {...inputProps}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Input
            {...control}
            {...inputProps}
            type={type}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

/** One text field of a form described as data: everything but its value and error. */
export type TextFieldSpec<K extends string> = Omit<
  TextFieldProps,
  'value' | 'onChange' | 'error' | 'name'
> & {
  name: K;
};

/**
 * A column of text fields bound to one record of values and one of errors: forms made only of
 * text fields list them as data (one line each) instead of repeating the same element.
 */
export function TextFields<K extends string>({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly TextFieldSpec<K>[];
  values: Record<K, string>;
  errors: Record<string, string>;
  onChange: (name: K, value: string) => void;
}) {
  return fields.map(({ name, ...spec }) => (
    <TextField
      key={name}
      {...spec}
      name={name}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => onChange(name, value)}
    />
  ));
}

/** A form's own failure (not one field's), e.g. the server's refusal of the whole request. */
export function FormAlert({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p className="text-sm text-red-600" role="alert">
      {message}
    </p>
  );
}

/** The submit button: disabled and relabelled while the request runs; the icon stays. */
export function SubmitButton({
  pending,
  pendingLabel,
  icon,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; pendingLabel?: ReactNode; icon?: ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {icon}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
