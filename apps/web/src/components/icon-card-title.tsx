import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardTitle } from '@/components/ui/card';

/** A card title led by its feature's icon, as the settings and reference cards show them. */
export function IconCardTitle({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <CardTitle className="flex items-center gap-2">
      <Icon className="size-5 text-indigo-600" /> {children}
    </CardTitle>
  );
}
