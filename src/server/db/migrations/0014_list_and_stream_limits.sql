-- Reserved for issue 22; replaced by its migration.
SELECT 1;
