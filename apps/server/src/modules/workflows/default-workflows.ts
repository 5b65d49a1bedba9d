import type { WorkflowSchemaDocument } from '@slat/contracts';

/** Every new dealer account starts with these (DESIGN §4). The alert rules name these statuses and flags. */
export const defaultWorkflows: WorkflowSchemaDocument[] = [
  {
    format: 'slat.workflow',
    version: 1,
    name: 'Residential',
    statuses: [
      { name: 'New Enquiry', slug: 'new-enquiry', phase: 'New' },
      { name: 'Measure Booked', slug: 'measure-booked', phase: 'Quoting' },
      { name: 'Quoted', slug: 'quoted', phase: 'Quoting' },
      { name: 'Signed', slug: 'signed', phase: 'InProgress' },
      { name: 'Ordered', slug: 'ordered', phase: 'InProgress' },
      { name: 'Received', slug: 'received', phase: 'InProgress' },
      { name: 'Installed', slug: 'installed', phase: 'Closed' },
      { name: 'Lost', slug: 'lost', phase: 'Cancelled' },
    ],
    flags: [
      {
        name: 'Payment',
        slug: 'payment',
        values: [
          { slug: 'none', label: 'None', appearance: 'default' },
          { slug: 'deposit-paid', label: 'Deposit Paid', appearance: 'info' },
          { slug: 'paid-in-full', label: 'Paid in Full', appearance: 'success' },
        ],
      },
      {
        name: 'Install',
        slug: 'install',
        values: [
          { slug: 'none', label: 'None', appearance: 'default' },
          { slug: 'booked', label: 'Booked', appearance: 'info' },
          { slug: 'complete', label: 'Complete', appearance: 'success' },
        ],
      },
      {
        name: 'Lost Reason',
        slug: 'lost-reason',
        values: [
          { slug: 'unknown', label: 'Unknown', appearance: 'default' },
          { slug: 'price', label: 'Price', appearance: 'warning' },
          { slug: 'timing', label: 'Timing', appearance: 'warning' },
          { slug: 'competitor', label: 'Competitor', appearance: 'warning' },
          { slug: 'no-response', label: 'No Response', appearance: 'warning' },
        ],
      },
    ],
  },
  {
    format: 'slat.workflow',
    version: 1,
    name: 'Commercial',
    statuses: [
      { name: 'Tender Received', slug: 'tender-received', phase: 'New' },
      { name: 'Site Survey', slug: 'site-survey', phase: 'Quoting' },
      { name: 'Tender Submitted', slug: 'tender-submitted', phase: 'Quoting' },
      { name: 'Awarded', slug: 'awarded', phase: 'InProgress' },
      { name: 'In Production', slug: 'in-production', phase: 'InProgress' },
      { name: 'Handed Over', slug: 'handed-over', phase: 'Closed' },
      { name: 'Not Awarded', slug: 'not-awarded', phase: 'Cancelled' },
    ],
    flags: [
      {
        name: 'Payment',
        slug: 'payment',
        values: [
          { slug: 'none', label: 'None', appearance: 'default' },
          { slug: 'progress-claimed', label: 'Progress Claimed', appearance: 'info' },
          { slug: 'paid-in-full', label: 'Paid in Full', appearance: 'success' },
        ],
      },
      {
        name: 'Install',
        slug: 'install',
        values: [
          { slug: 'none', label: 'None', appearance: 'default' },
          { slug: 'booked', label: 'Booked', appearance: 'info' },
          { slug: 'complete', label: 'Complete', appearance: 'success' },
        ],
      },
    ],
  },
];
