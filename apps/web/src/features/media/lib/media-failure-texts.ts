/** Failure texts of SPEC §8 that the screens show when a call fails. */
export const MEDIA_FAILURE_TEXTS = {
  embedFailed: 'Failed to embed trigger in media. Please try again.',
  uploadEmbedFailed: 'Failed to upload and embed trigger in media. Please try again.',
  segmentFailed: 'Failed to process media segment',
  segmentErrorFallback: 'An error occurred during processing',
  loadMediaFailed: 'Failed to load media files',
  loadTriggersFailed: 'Failed to load triggers',
  loadSegmentsFailed: 'Failed to load media segments',
  uploadFailedTitle: 'Upload Failed',
  uploadFailedText: 'An error occurred during file upload',
  extractionFailed: 'Extraction Failed',
  embeddingFailed: 'Embedding Failed',
  uploadSuccessful: 'Upload Successful',
  segmentExtracted: 'Segment Extracted',
  triggerEmbedded: 'Trigger Embedded',
} as const;
