import { Link2, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type MediaSource = 'url' | 'file';

const ICONS = { url: Link2, file: Upload } as const;

/** Media from an address or from a file: two tabs, each holding its own field. */
export function MediaSourceTabs({
  value,
  onChange,
  labels,
  order = ['url', 'file'],
  withIcons = true,
  disabled,
  triggerClassName = 'flex-1 sm:flex-none',
  url,
  file,
}: {
  value: MediaSource;
  onChange: (source: MediaSource) => void;
  labels: Record<MediaSource, string>;
  order?: readonly [MediaSource, MediaSource];
  withIcons?: boolean;
  disabled?: boolean;
  triggerClassName?: string;
  url: ReactNode;
  file: ReactNode;
}) {
  return (
    <Tabs value={value} onValueChange={(next) => onChange(next === 'file' ? 'file' : 'url')}>
      <TabsList className="w-full sm:w-auto">
        {order.map((source) => {
          const Icon = ICONS[source];
          return (
            <TabsTrigger key={source} value={source} className={triggerClassName} disabled={disabled}>
              {withIcons ? (
                <>
                  <Icon /> {labels[source]}
                </>
              ) : (
                labels[source]
              )}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <TabsContent value="url">{url}</TabsContent>
      <TabsContent value="file">{file}</TabsContent>
    </Tabs>
  );
}
