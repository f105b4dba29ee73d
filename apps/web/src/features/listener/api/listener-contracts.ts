// The listener's contracts and protocol limits, imported lazily because they bring zod
// (docs/decisions/listener-entry.md).
export {
  catalogueSchema,
  detectionBatchResultSchema,
  detectionSchema,
  MAX_DETECTIONS_PER_REQUEST,
  RETRYABLE_REFUSALS,
} from '@tonemark/shared';
