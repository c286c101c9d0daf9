/**
 * Inbound content in the Baileys proto shape, which Evolution (`data.message`) and W-API
 * (`msgContent`) both forward: `conversation`, `extendedTextMessage`, `imageMessage`, … The media
 * `url`s there point at WhatsApp's encrypted CDN (mmg.whatsapp.net) and cannot be shown as they are,
 * so they are kept as `encryptedUrl`; a gateway-hosted copy (Evolution's S3 `mediaUrl`) is the `url`.
 */
import { compact, numberOf, record, stringOf, type InboundContent } from './callbacks.js';

const MEDIA_BLOCKS = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  // A sticker (image/webp) is an image, so it is downloaded into our files like one.
  stickerMessage: 'image',
} as const;

export function baileysContent(message: Record<string, unknown>, mediaUrl?: string): InboundContent {
  const text = stringOf(message.conversation) ?? stringOf(record(message.extendedTextMessage).text);
  if (text !== undefined) return { type: 'text', content: { text } };

  // Documents sent with a caption are wrapped one level deeper.
  const wrapped = record(record(message.documentWithCaptionMessage).message);
  const blocks = { ...message, ...wrapped };
  for (const [block, type] of Object.entries(MEDIA_BLOCKS)) {
    const media = record(blocks[block]);
    if (Object.keys(media).length === 0) continue;
    return {
      type,
      content: compact({
        url: mediaUrl,
        encryptedUrl: stringOf(media.url),
        mimeType: stringOf(media.mimetype),
        caption: stringOf(media.caption),
        filename: stringOf(media.fileName),
        voice: media.ptt === true ? true : undefined,
        sticker: block === 'stickerMessage' ? true : undefined,
      }),
    };
  }

  const location = record(message.locationMessage);
  const latitude = numberOf(location.degreesLatitude);
  const longitude = numberOf(location.degreesLongitude);
  if (latitude !== undefined && longitude !== undefined) {
    return {
      type: 'location',
      content: compact({ latitude, longitude, name: stringOf(location.name), address: stringOf(location.address) }),
    };
  }

  // A tap on a button or list is the customer's answer: kept as text with the button's id.
  const button = record(message.templateButtonReplyMessage);
  const buttons = record(message.buttonsResponseMessage);
  const list = record(message.listResponseMessage);
  const answer = stringOf(button.selectedDisplayText) ?? stringOf(buttons.selectedDisplayText) ?? stringOf(list.title);
  if (answer !== undefined) {
    const payload =
      stringOf(button.selectedId) ?? stringOf(buttons.selectedButtonId) ?? stringOf(record(list.singleSelectReply).selectedRowId);
    return { type: 'text', content: compact({ text: answer, payload }) };
  }

  const vendorType = Object.keys(message).find((key) => key.endsWith('Message')) ?? 'unknown';
  return { type: 'unknown', content: { vendorType } };
}
