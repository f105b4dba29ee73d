import { Trash2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * The quiet grey trash button, red on hover, that opens a ConfirmDialog from a row or card: the
 * red is kept for the dialog's own confirm button, so a list of rows does not shout.
 */
export function TrashButton({ className, children, ...props }: Omit<ButtonProps, 'variant'>) {
  return (
    <Button
      variant="ghost"
      className={cn('text-slate-500 hover:bg-red-50 hover:text-red-600', className)}
      {...props}
    >
      <Trash2 />
      {children}
    </Button>
  );
}
