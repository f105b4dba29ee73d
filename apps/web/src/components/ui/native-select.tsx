import type { ComponentProps } from 'react';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** A plain <select> styled as the inputs: keyboard, screen reader and phone pickers for free. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(inputClasses, 'pr-8', className)} {...props} />;
}
