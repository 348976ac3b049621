import { z } from 'zod';
import type { FileKind } from './files.ts';
import { languages } from './languages.ts';
import { listQuerySchema, pageSchema } from './lists.ts';
import type { MessageCode } from './messages.ts';
import { multiLine, singleLine } from './text.ts';
import { emailMaxLength } from './users.ts';

export const applicationStatuses = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const documentTypes = ['passport', 'driver_license', 'national_id'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** The wizard's option lists (docs/product.md, section 4). Values are stored as these English labels. */
export const countries = [
  'United States',
  'Canada',
  'United Kingdom',
  'Australia',
  'Germany',
  'France',
  'Spain',
  'Italy',
  'Brazil',
  'Mexico',
  'Argentina',
  'Colombia',
  'Other',
] as const;

export const socialPlatforms = [
  'Instagram',
  'TikTok',
  'YouTube',
  'Twitter/X',
  'Facebook',
  'LinkedIn',
  'Snapchat',
  'Other',
] as const;

export const heardAboutUsSources = [
  'Social Media',
  'Friend Referral',
  'Online Search',
  'Advertisement',
  'Influencer Recommendation',
  'Other',
] as const;

/** The ID types a visitor picks from, and the document type each is stored as. */
export const idTypes = [
  { label: "Driver's License", documentType: 'driver_license' },
  { label: 'Passport', documentType: 'passport' },
  { label: 'State ID', documentType: 'national_id' },
  { label: 'National ID', documentType: 'national_id' },
  { label: 'Other Government ID', documentType: 'national_id' },
] as const satisfies readonly { label: string; documentType: DocumentType }[];
export type IdTypeLabel = (typeof idTypes)[number]['label'];
const idTypeLabels = idTypes.map(({ label }) => label) as [IdTypeLabel, ...IdTypeLabel[]];

export function documentTypeForIdType(label: IdTypeLabel): DocumentType {
  return idTypes.find((type) => type.label === label)?.documentType ?? 'national_id';
}

export const wizardStepCount = 5;

/** The ID document: JPEG, PNG or PDF, at most 10,485,760 bytes (docs/product.md, sections 4 and 8). */
export const maxDocumentBytes = 10_485_760;
export const documentKinds = ['jpeg', 'png', 'pdf'] as const satisfies readonly FileKind[];

export const personalMessageMinLength = 50;
export const personalMessageMaxLength = 5000;
export const adminNotesMaxLength = 5000;

/**
 * A profile address typed without a scheme ("instagram.com/ana") gets https:// in front; a handle
 * ("@ana") or a full URL stays as typed (docs/product.md, section 4).
 */
export function normalizeProfileUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed.includes('.') && !trimmed.startsWith('http') && !trimmed.startsWith('@')) {
    return `https://${trimmed}`;
  }
  return trimmed;
}

const required = (message: MessageCode, max: number) => singleLine(max, { required: message });

export const socialAccountSchema = z.object({
  network: z.enum(socialPlatforms, { error: 'application.platform_required' }),
  handle: required('application.handle_required', 100),
  followers: z
    .number({ error: 'application.followers_positive' })
    .int('application.followers_whole')
    .min(0, 'application.followers_positive')
    .max(10_000_000_000),
  url: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    singleLine(500)
      .transform(normalizeProfileUrl)
      .pipe(z.string().min(1, 'application.url_required'))
      .optional(),
  ),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/**
 * The application's text fields as the server checks them (docs/product.md, section 9), with
 * their messages. The ID document travels beside them as a file.
 */
export const applicationFieldsSchema = z.object({
  firstName: required('application.first_name_required', 100),
  lastName: required('application.last_name_required', 100),
  // Blank says it is required, as every other field does; only a typed address can be invalid.
  email: singleLine(emailMaxLength, {
    required: 'application.email_required',
    tooLong: 'user.email_max',
  })
    .toLowerCase()
    .pipe(z.email('user.email_invalid')),
  phone: required('application.phone_required', 50),
  country: z.enum(countries, { error: 'application.country_required' }),
  city: required('application.city_required', 100),
  state: required('application.state_required', 100),
  socialAccounts: z
    .array(socialAccountSchema, { error: 'application.social_required' })
    .min(1, 'application.social_required')
    .max(20, 'application.social_max'),
  documentType: z.enum(documentTypes, { error: 'application.document_type_required' }),
  /**
   * The ID type the visitor picked ("State ID"), kept so reviewers see what was chosen: several
   * are stored as the same document type. Optional for clients that send only the document type.
   */
  idType: z.enum(idTypeLabels, { error: 'application.id_type_invalid' }).optional(),
  documentNumber: required('application.document_number_required', 100),
  personalMessage: multiLine(personalMessageMaxLength, {
    tooLong: 'application.message_max',
  }).min(personalMessageMinLength, 'application.message_min'),
  heardAboutUs: z.enum(heardAboutUsSources).optional(),
  /** The language the visitor applied in, for the mails that answer them. */
  language: z.enum(languages).default('en'),
});
export type ApplicationFields = z.infer<typeof applicationFieldsSchema>;

/** What the server takes: the fields, with an ID type that agrees with the document type. */
export const applicationSubmissionSchema = applicationFieldsSchema.superRefine(
  (fields, context) => {
    if (fields.idType && documentTypeForIdType(fields.idType) !== fields.documentType) {
      context.addIssue({
        code: 'custom',
        path: ['idType'],
        message: 'application.id_type_mismatch',
      });
    }
  },
);

/** A note an administrator left on an application; every note is kept with its author and time. */
export const applicationNoteSchema = z.object({
  id: z.string(),
  note: z.string(),
  authorUsername: z.string().nullable(),
  createdAt: z.string(),
});

/** One opening of an application's ID document by an administrator; every opening is kept. */
export const documentViewSchema = z.object({
  /** Null once the administrator's account is gone. */
  viewerUsername: z.string().nullable(),
  viewedAt: z.string(),
});

/** An application as administrators see it (GET /api/admin/applications-v2). */
export const applicationSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  state: z.string(),
  socialAccounts: z.array(socialAccountSchema),
  documentType: z.enum(documentTypes),
  /** The ID type the applicant picked ("State ID"); null when it was not sent. */
  idType: z.string().nullable(),
  documentNumber: z.string(),
  /** Same-origin address of the ID document, served only to administrators; null when none. */
  documentImageUrl: z.string().nullable(),
  /** The document's MIME type, so a PDF is offered as a link rather than an image. */
  documentMimeType: z.string().nullable(),
  /** Who opened the document and when, newest first. */
  documentViews: z.array(documentViewSchema),
  personalMessage: z.string(),
  heardAboutUs: z.string().nullable(),
  language: z.enum(languages),
  status: z.enum(applicationStatuses),
  /** The latest note; the whole history is in `notes`, oldest first. */
  adminNotes: z.string().nullable(),
  notes: z.array(applicationNoteSchema),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The account created when the application was approved. */
  createdUserId: z.string().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

/** GET /api/admin/applications-v2: `?page=&q=&status=` (a search and a status filter). */
export const applicationListQuerySchema = listQuerySchema.extend({
  status: z
    .enum(['all', ...applicationStatuses])
    .catch('all')
    .default('all'),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;
export const applicationListSchema = pageSchema(applicationSchema);
export type ApplicationList = z.infer<typeof applicationListSchema>;

/** PUT /api/admin/applications-v2/{id}/status. */
export const applicationStatusUpdateSchema = z.object({
  status: z.enum(applicationStatuses, {
    error: 'application.status_required',
  }),
  adminNotes: multiLine(adminNotesMaxLength).optional(),
});
export type ApplicationStatusUpdate = z.infer<typeof applicationStatusUpdateSchema>;

/**
 * The wizard's form (docs/product.md, section 4): the server's fields, with the ID type as the visitor picks
 * it (mapped to a document type on sending) and how-heard required, as the form has it. The
 * document file and the language travel beside it.
 */
export const applicationFormSchema = applicationFieldsSchema
  .omit({ documentType: true, idType: true, heardAboutUs: true, language: true })
  .extend({
    idType: z.enum(idTypeLabels, { error: 'application.id_type_required' }),
    heardAboutUs: z.enum(heardAboutUsSources, { error: 'application.heard_required' }),
  });
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationForm = z.output<typeof applicationFormSchema>;

/** The form fields each of the five steps asks for; step 4 also needs the document file. */
export const applicationFormSteps = [
  ['firstName', 'lastName', 'email', 'phone'],
  ['country', 'city', 'state'],
  ['socialAccounts'],
  ['idType', 'documentNumber'],
  ['personalMessage', 'heardAboutUs'],
] as const satisfies readonly (readonly (keyof ApplicationFormInput)[])[];

/**
 * What became of an approved applicant's invitation mail: handed to the mail server ('sent'),
 * written to the server's outbox folder because no mail server is configured ('outbox'), or
 * refused by the mail server ('failed').
 */
export const invitationDeliveries = ['sent', 'outbox', 'failed'] as const;
export type InvitationDelivery = (typeof invitationDeliveries)[number];

/**
 * The answer to a status update: the application; after an approval, what became of the
 * invitation mail, and the invitation link whenever it did not reach a mail server, for the
 * administrator to pass on.
 */
export const applicationReviewResponseSchema = applicationSchema.extend({
  invitationDelivery: z.enum(invitationDeliveries).optional(),
  invitationUrl: z.string().optional(),
});
export type ApplicationReviewResponse = z.infer<typeof applicationReviewResponseSchema>;

/** POST /api/applications-v2 answers 201 with this. */
export const applicationReceiptSchema = z.object({ id: z.string(), submittedAt: z.string() });
export type ApplicationReceipt = z.infer<typeof applicationReceiptSchema>;
